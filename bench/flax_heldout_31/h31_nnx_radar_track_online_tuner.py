# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 runner holds the tracker; its scan body adapts split state with jax.grad and keeps the newest state on the runner for nnx.update after the loop
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class TrackConfig:
    n_targets: int = 3
    hidden: int = 8
    n_scans: int = 6
    lr: float = 0.05
    dt: float = 0.5


class MotionModel(nnx.Module):
    def __init__(self, cfg: TrackConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.encoder = nnx.Linear(2, cfg.hidden, rngs=rngs)
        self.accel = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, pos, vel):
        feats = jnp.stack([pos, vel], axis=-1)
        acc = self.accel(jnp.tanh(self.encoder(feats)))[..., 0]
        vel = vel + self.cfg.dt * acc
        return pos + self.cfg.dt * vel, vel


def prediction_loss(state, graphdef, pos, vel, measured):
    model = nnx.merge(graphdef, state)
    predicted, _ = model(pos, vel)
    return jnp.mean((predicted - measured) ** 2)


class OnlineTuner:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.graphdef, self.latest_state = nnx.split(model, nnx.Param)

    def _scan_step(self, carry, measured):
        state, pos, vel = carry
        grads = jax.grad(prediction_loss)(state, self.graphdef, pos, vel, measured)
        state = jax.tree.map(lambda p, g: p - self.cfg.lr * g, state, grads)
        self.latest_state = state
        vel = (measured - pos) / self.cfg.dt
        return (state, measured, vel), jnp.abs(measured - pos).mean()

    def adapt(self, measurements):
        _, state = nnx.split(self.model, nnx.Param)
        carry = (state, measurements[0], jnp.zeros((self.cfg.n_targets,)))
        _, errors = jax.lax.scan(self._scan_step, carry, measurements[1:])
        nnx.update(self.model, self.latest_state)
        return errors


def main():
    cfg = TrackConfig()
    model = MotionModel(cfg, nnx.Rngs(0))
    tuner = OnlineTuner(model, cfg)
    t = jnp.arange(cfg.n_scans)[:, None] * cfg.dt
    measurements = 0.5 * t ** 2 * jnp.array([0.1, -0.2, 0.3]) + t
    errors = tuner.adapt(measurements)
    next_pos, _ = model(measurements[-1], jnp.ones((cfg.n_targets,)))
    _ = float(next_pos.sum()) + float(errors[-1])
    return None
