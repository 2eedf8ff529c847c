# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a GraspController scans over sensor frames calling session.bound, a FusionNet bound with mutable batch_stats and held by a SensorSession
"""Grasp controller for a parallel gripper: tactile and joint-encoder fusion stages feed a
grip-force head; the controller tracks the commanded force over a recorded sensor log."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class FusionConfig:
    tactile_dim: int = 6
    joint_dim: int = 7
    hidden: int = 16
    gain: float = 0.5


class TactileStage(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, tactile):
        h = nn.Dense(self.hidden)(tactile)
        return nn.BatchNorm(use_running_average=False, momentum=0.9)(h)


class JointStage(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, joints):
        return nn.tanh(nn.Dense(self.hidden)(joints))


class FusionNet(nn.Module):
    cfg: FusionConfig

    def setup(self):
        self.tactile = TactileStage(self.cfg.hidden)
        self.joint = JointStage(self.cfg.hidden)
        self.head = nn.Dense(2)

    def __call__(self, frame):
        fused = self.tactile(frame["tactile"]) * self.joint(frame["joints"])
        return self.head(fused)


class SensorSession:
    """Keeps the fusion network bound to its variables for the lifetime of a grasp."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def calibration(self):
        return self.bound.variables["batch_stats"]


class GraspController:
    def __init__(self, session, cfg):
        self.session = session
        self.gain = cfg.gain

    def _step(self, force, frame):
        command = self.session.bound(frame)
        force = force + self.gain * (command[..., 0] - force)
        return force, command

    def rollout(self, frames, force0):
        return lax.scan(self._step, force0, frames)


def sensor_log(key, cfg, steps=8, batch=4):
    kt, kj = jax.random.split(key)
    return {
        "tactile": jax.random.normal(kt, (steps, batch, cfg.tactile_dim)),
        "joints": jax.random.normal(kj, (steps, batch, cfg.joint_dim)),
    }


def main():
    cfg = FusionConfig()
    model = FusionNet(cfg)
    frames = sensor_log(jax.random.key(0), cfg)
    variables = model.init(jax.random.key(1), jax.tree.map(lambda a: a[0], frames))
    session = SensorSession(model, variables)
    controller = GraspController(session, cfg)
    force, _ = controller.rollout(frames, jnp.zeros((4,)))
    drift = jax.tree.map(lambda m: jnp.abs(m).max(), session.calibration())
    print(force, drift)
    return None
