# label: same-values
# flax-error: none
# class: 4 Trainer.hooks holds a JitterHook whose augmenter is applied in the scan body with the hook's stored key
"""Occupancy-head training for warehouse robot lidar with a list of before-step hooks (jitter, normalisation)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class LidarJitter(nn.Module):
    sigma: float = 0.05

    @nn.compact
    def __call__(self, points):
        noise = self.sigma * jax.random.normal(self.make_rng("jitter"), points.shape)
        return points + noise, noise


class JitterHook:
    def __init__(self, seed: int):
        self.augmenter = LidarJitter()
        self.key = jax.random.key(seed)

    def before_step(self, step, batch):
        jittered, noise = self.augmenter.apply({}, batch, rngs={"jitter": self.key})
        return jittered, {"jitter": noise}


class RangeNormalizeHook:
    def __init__(self, max_range: float):
        self.max_range = max_range

    def before_step(self, step, batch):
        return jnp.clip(batch / self.max_range, -1.0, 1.0), {}


class Trainer:
    def __init__(self, model: nn.Module, params, hooks, lr: float = 0.1):
        self.model = model
        self.params = params
        self.hooks = hooks
        self.lr = lr

    def loss(self, params, batch, target):
        pred = self.model.apply({"params": params}, batch).squeeze(-1)
        return jnp.mean((pred - target) ** 2)

    def run_epoch(self, batches, targets):
        def train_step(params, inputs):
            step, batch, target = inputs
            logs = {}
            for hook in self.hooks:
                batch, extra = hook.before_step(step, batch)
                logs.update(extra)
            grads = jax.grad(self.loss)(params, batch, target)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            return params, logs

        steps = jnp.arange(batches.shape[0])
        self.params, logs = lax.scan(train_step, self.params, (steps, batches, targets))
        return logs


def main():
    batches = jax.random.uniform(jax.random.key(5), (6, 8, 16), maxval=20.0)
    targets = (batches.mean(-1) > 10.0).astype(jnp.float32)
    model = nn.Dense(1)
    params = model.init(jax.random.key(0), batches[0])["params"]
    trainer = Trainer(model, params, hooks=[JitterHook(seed=9), RangeNormalizeHook(max_range=20.0)])
    logs = trainer.run_epoch(batches, targets)
    return logs["jitter"]
