package app.kickoff.games;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
