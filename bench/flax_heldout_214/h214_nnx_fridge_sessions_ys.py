# label: ok
# flax-error: none
# class: 4 the scan body calls ScoringService.sessions[name].model; the per-minute errors leave as scan outputs and update the session metrics after the loop
"""Cold-chain vaccine fridges: one temperature model served under several named
configurations side by side (strict pharmacy alarm, relaxed warehouse alarm); each session
replays the day and keeps its own error metric."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class SessionConfig:
    name: str
    tolerance: float
    horizon: int


class FridgeTempNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return 5.0 + nnx.tanh(self.lin(x))[..., 0] * 3.0


class Session:
    def __init__(self, model, config: SessionConfig):
        self.model = model
        self.config = config
        self.metrics = nnx.metrics.Average()


class ScoringService:
    def __init__(self, model, configs):
        self.sessions = {cfg.name: Session(model, cfg) for cfg in configs}

    def replay(self, name, readings, targets):
        session = self.sessions[name]
        window = (readings[: session.config.horizon], targets[: session.config.horizon])

        def minute(carry, batch):
            x, y = batch
            excess = jnp.maximum(jnp.abs(session.model(x) - y) - session.config.tolerance, 0.0)
            return carry, excess

        _, excess = lax.scan(minute, None, window)
        session.metrics.update(values=excess)
        return session.metrics.compute()

    def replay_all(self, readings, targets):
        return {name: self.replay(name, readings, targets) for name in self.sessions}


def main():
    readings = jax.random.uniform(jax.random.key(4), (12, 6, 3))  # minutes, fridges, sensors
    targets = 4.0 + 2.0 * readings[..., 0]
    service = ScoringService(FridgeTempNet(nnx.Rngs(0)), [
        SessionConfig("pharmacy", tolerance=0.5, horizon=12),
        SessionConfig("warehouse", tolerance=1.5, horizon=8),
    ])
    service.replay_all(readings, targets)
    return None
