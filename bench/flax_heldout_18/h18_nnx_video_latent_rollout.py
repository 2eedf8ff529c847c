# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a jitted train step takes nnx.value_and_grad of a module-level rollout loss whose scan body calls model.step, reaching a train-mode BatchNorm in the frame encoder
"""Latent video prediction in NNX: encode a frame, step latent dynamics, decode the next frame."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class VideoConfig:
    size: int = 8
    latent: int = 16
    context: int = 2
    horizon: int = 3


class FrameEncoder(nnx.Module):
    def __init__(self, cfg, rngs):
        self.conv = nnx.Conv(1, 4, (3, 3), strides=2, rngs=rngs)
        self.norm = nnx.BatchNorm(4, momentum=0.9, rngs=rngs)
        self.proj = nnx.Linear(4 * (cfg.size // 2) ** 2, cfg.latent, rngs=rngs)

    def __call__(self, frame):
        h = nnx.relu(self.norm(self.conv(frame)))
        return self.proj(h.reshape(h.shape[0], -1))


class LatentDynamics(nnx.Module):
    def __init__(self, cfg, rngs):
        self.layers = nnx.List([nnx.Linear(cfg.latent, cfg.latent, rngs=rngs) for _ in range(2)])

    def __call__(self, z):
        for layer in self.layers:
            z = z + nnx.tanh(layer(z))
        return z


class VideoPredictor(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.encoder = FrameEncoder(cfg, rngs)
        self.dynamics = LatentDynamics(cfg, rngs)
        self.decoder = nnx.Linear(cfg.latent, cfg.size * cfg.size, rngs=rngs)

    def step(self, frame):
        z = self.dynamics(self.encoder(frame))
        return nnx.sigmoid(self.decoder(z)).reshape(frame.shape)


def rollout_loss(model, clip):
    context, targets = clip[model.cfg.context - 1], clip[model.cfg.context:]

    def body(frame, target):
        pred = model.step(frame)
        return pred, jnp.mean((pred - target) ** 2)

    _, errors = jax.lax.scan(body, context, targets)
    return errors.mean()


@nnx.jit
def train_step(model, optimizer, clip):
    loss, grads = nnx.value_and_grad(rollout_loss)(model, clip)
    optimizer.update(model, grads)
    return loss


class VideoTrainer:
    def __init__(self, cfg, seed=0):
        self.model = VideoPredictor(cfg, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(1e-3), wrt=nnx.Param)

    def fit(self, clips):
        return [train_step(self.model, self.optimizer, clip) for clip in clips]


def main():
    cfg = VideoConfig()
    clips = jax.random.uniform(jax.random.key(0), (2, cfg.context + cfg.horizon, 2, cfg.size, cfg.size, 1))
    VideoTrainer(cfg).fit(clips)
    return None
