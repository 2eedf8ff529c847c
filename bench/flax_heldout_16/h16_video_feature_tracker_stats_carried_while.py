# label: ok
# flax-error: none
# class: 3 the while_loop body calls model.apply(method=update_stats, mutable=['ema_stats']) on the carried stats and returns the new ones in the carry
"""Per-frame feature tracker that keeps an exponential moving average of frame embeddings."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class TrackerConfig:
    frame_dim: int = 10
    embed_dim: int = 6
    decay: float = 0.9


def ema_update(var, x, decay):
    var.value = decay * var.value + (1.0 - decay) * x
    return var.value


class FrameEncoder(nn.Module):
    embed_dim: int

    @nn.compact
    def __call__(self, frame):
        h = nn.relu(nn.Dense(2 * self.embed_dim)(frame))
        return nn.LayerNorm()(nn.Dense(self.embed_dim)(h))


class FeatureTracker(nn.Module):
    config: TrackerConfig

    def setup(self):
        self.encoder = FrameEncoder(self.config.embed_dim)
        self.ema = self.variable("ema_stats", "mean", jnp.zeros, (self.config.embed_dim,))

    def __call__(self, frame):
        return self.encoder(frame) - self.ema.value

    def update_stats(self, frame):
        before = self.ema.value
        after = ema_update(self.ema, self.encoder(frame).mean(0), self.config.decay)
        return jnp.linalg.norm(after - before)


def track(model, variables, frames, tolerance=1e-3):
    params = variables["params"]

    def cond(carry):
        i, _, last_step = carry
        return (i < frames.shape[0]) & (last_step > tolerance)

    def body(carry):
        i, stats, _ = carry
        step, state = model.apply({"params": params, "ema_stats": stats}, frames[i],
                                  method=FeatureTracker.update_stats, mutable=["ema_stats"])
        return i + 1, state["ema_stats"], step

    init = (0, variables["ema_stats"], jnp.asarray(jnp.inf))
    n, stats, _ = jax.lax.while_loop(cond, body, init)
    return n, {"params": params, "ema_stats": stats}


def main():
    config = TrackerConfig()
    model = FeatureTracker(config)
    frames = jax.random.normal(jax.random.key(0), (5, 3, config.frame_dim))
    variables = model.init(jax.random.key(1), frames[0])
    n, variables = jax.jit(track, static_argnums=0)(model, variables, frames)
    jax.tree.map(lambda a: a + 0, variables)
    return None
