# label: ok
# flax-error: none
# class: 2 the module-level rollout() splits the nowcaster into graphdef and state, carries the state (including batch_stats) through the scan, merges it in the body and updates the model afterwards
"""Precipitation nowcasting with a small convolutional residual network.

Given the current radar frame, the model predicts the next frame; a
multi-step rollout is trained against the observed sequence so errors do
not compound at longer lead times.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class NowcastConfig:
    grid: int = 8
    channels: int = 8
    lead_times: int = 4


class ResBlock(nnx.Module):
    def __init__(self, channels, *, rngs):
        self.conv1 = nnx.Conv(channels, channels, (3, 3), rngs=rngs)
        self.bn1 = nnx.BatchNorm(channels, rngs=rngs)
        self.conv2 = nnx.Conv(channels, channels, (3, 3), rngs=rngs)
        self.bn2 = nnx.BatchNorm(channels, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.bn1(self.conv1(x)))
        return x + self.bn2(self.conv2(h))


class Nowcaster(nnx.Module):
    def __init__(self, cfg: NowcastConfig, *, rngs: nnx.Rngs):
        self.stem = nnx.Conv(1, cfg.channels, (3, 3), rngs=rngs)
        self.blocks = nnx.List([ResBlock(cfg.channels, rngs=rngs) for _ in range(2)])
        self.head = nnx.Conv(cfg.channels, 1, (1, 1), rngs=rngs)

    def __call__(self, frame):
        h = self.stem(frame)
        for block in self.blocks:
            h = block(h)
        return nnx.relu(frame + self.head(h))


def rollout(model, frame0, lead_times):
    graphdef, state = nnx.split(model)

    def body(carry, _):
        frame, state = carry
        m = nnx.merge(graphdef, state)
        nxt = m(frame)
        return (nxt, nnx.state(m)), nxt

    (_, state), frames = lax.scan(body, (frame0, state), None, length=lead_times)
    nnx.update(model, state)
    return frames


def train_loss(model, frames):
    pred = rollout(model, frames[0], frames.shape[0] - 1)
    return jnp.mean((pred - frames[1:]) ** 2)


@nnx.jit
def train_step(model, optimizer, frames):
    loss, grads = nnx.value_and_grad(train_loss)(model, frames)
    optimizer.update(model, grads)
    return loss


def main():
    cfg = NowcastConfig()
    model = Nowcaster(cfg, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    model.train()
    radar = jax.nn.relu(jax.random.normal(jax.random.PRNGKey(1), (cfg.lead_times + 1, 2, cfg.grid, cfg.grid, 1)))
    for _ in range(2):
        loss = train_step(model, optimizer, radar)
    float(loss)
    return None
