# label: same-values
# flax-error: none
# class: 3 refiner keeps its jitter key in a custom Variable; a helper method called from the bound scan body draws from it
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class PoseConfig:
    n_joints: int = 5
    hidden: int = 16
    n_iters: int = 6
    step_size: float = 0.3
    jitter: float = 0.02


class JitterKey(nnx.Variable):
    pass


class CorrectionNet(nnx.Module):
    def __init__(self, cfg: PoseConfig, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(cfg.n_joints * 3, cfg.hidden, rngs=rngs)
        self.fc2 = nnx.Linear(cfg.hidden, cfg.n_joints * 3, rngs=rngs)

    def __call__(self, pose):
        return self.fc2(nnx.gelu(self.fc1(pose.reshape(-1)))).reshape(pose.shape)


class PoseRefiner(nnx.Module):
    def __init__(self, cfg: PoseConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.correction = CorrectionNet(cfg, rngs)
        self.jitter_key = JitterKey(rngs.jitter())

    def _jitter(self, pose, step):
        return self.cfg.jitter * jax.random.normal(self.jitter_key[...], pose.shape)

    def _refine(self, pose, step):
        noise = self._jitter(pose, step)
        pose = pose + self.cfg.step_size * self.correction(pose) + noise
        return pose, noise

    def __call__(self, pose):
        steps = jnp.arange(self.cfg.n_iters)
        pose, jitters = jax.lax.scan(self._refine, pose, steps)
        return pose, jitters


def lift_keypoints(cfg, key):
    flat = jax.random.normal(key, (cfg.n_joints, 2))
    depth = jnp.ones((cfg.n_joints, 1))
    return jnp.concatenate([flat, depth], axis=-1)


def main():
    cfg = PoseConfig()
    refiner = PoseRefiner(cfg, nnx.Rngs(params=0, jitter=1))
    pose0 = lift_keypoints(cfg, jax.random.key(2))
    _, jitters = refiner(pose0)
    return jitters
