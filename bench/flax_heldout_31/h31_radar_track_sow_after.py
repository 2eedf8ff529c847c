# label: ok
# flax-error: none
# class: 2 scan body closure calls a filter method that returns innovations as ys; they are sown after the loop
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class RadarConfig:
    n_targets: int = 3
    n_scans: int = 7
    dt: float = 0.5


class GainNet(nn.Module):
    @nn.compact
    def __call__(self, residual):
        h = nn.tanh(nn.Dense(8)(residual))
        return nn.sigmoid(nn.Dense(2)(h))


class AlphaBetaTracker(nn.Module):
    cfg: RadarConfig

    def setup(self):
        self.gains = GainNet()

    def filter_step(self, state, measurement):
        pos, vel = state
        predicted = pos + self.cfg.dt * vel
        innovation = measurement - predicted
        ab = self.gains(innovation[..., None])
        pos = predicted + ab[..., 0] * innovation
        vel = vel + ab[..., 1] * innovation / self.cfg.dt
        return (pos, vel), (pos, innovation)

    def __call__(self, measurements):
        pos0 = measurements[0]
        vel0 = jnp.zeros_like(pos0)
        self.gains(jnp.zeros_like(pos0)[..., None])

        def step(state, meas):
            return self.filter_step(state, meas)

        _, (track, innovations) = scan(step, (pos0, vel0), measurements[1:])
        self.sow("intermediates", "innovation", innovations)
        return track


def simulate_returns(cfg, key):
    true_vel = jnp.linspace(-1.0, 1.0, cfg.n_targets)
    t = jnp.arange(cfg.n_scans)[:, None] * cfg.dt
    noise = 0.05 * jax.random.normal(key, (cfg.n_scans, cfg.n_targets))
    return t * true_vel + noise


def track_quality(model, variables, measurements):
    track, state = model.apply(variables, measurements, mutable=["intermediates"])
    innovations = jax.tree.leaves(state["intermediates"])
    nis = sum(jnp.mean(jnp.square(i)) for i in innovations)
    return track, nis


def main():
    cfg = RadarConfig()
    model = AlphaBetaTracker(cfg)
    measurements = simulate_returns(cfg, jax.random.key(0))
    variables = model.init(jax.random.key(1), measurements)
    track, nis = track_quality(model, variables, measurements)
    _ = float(nis) + float(track[-1].sum())
    return None
