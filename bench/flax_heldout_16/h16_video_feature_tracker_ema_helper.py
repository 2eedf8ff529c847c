# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "ema_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a module-level helper writes the tracker's 'ema_stats' variable inside the fori_loop body of track(), applied with method= and mutable=['batch_stats']
"""Per-frame feature tracker that keeps an exponential moving average of frame embeddings."""
import dataclasses
import functools

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

    def track(self, frames):
        update = functools.partial(ema_update, self.ema, decay=self.config.decay)

        def body(i, drift):
            emb = self.encoder(frames[i]).mean(0)
            before = self.ema.value
            after = update(emb)
            return drift + jnp.linalg.norm(after - before)

        return jax.lax.fori_loop(0, frames.shape[0], body, jnp.zeros(()))


def run_tracking(model, variables, frames):
    drift, updates = model.apply(variables, frames, method=FeatureTracker.track,
                                 mutable=["batch_stats"])
    return drift, {**variables, **updates}


def main():
    config = TrackerConfig()
    model = FeatureTracker(config)
    frames = jax.random.normal(jax.random.key(0), (5, 3, config.frame_dim))
    variables = model.init(jax.random.key(1), frames[0])
    drift, variables = run_tracking(model, variables, frames)
    jax.tree.map(lambda a: a + 0, variables)
    return None
