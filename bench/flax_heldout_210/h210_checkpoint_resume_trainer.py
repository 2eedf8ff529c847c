# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ResumableTrainer runs its train steps in jax.lax.scan; the MidRunCheckpoint hook in its hook list snapshots the params inside the body and resume_from() applies the model with them
"""Trainer that checkpoints mid-run and can resume an interrupted run from the last snapshot."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DemandRegressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.silu(nn.Dense(16)(x)))[..., 0]


class MidRunCheckpoint:
    def __init__(self, every: int):
        self.every = every
        self.latest = None

    def on_step(self, step, params):
        self.latest = {"step": step, "params": params}


class ResumableTrainer:
    def __init__(self, model, params, lr=0.05, hooks=()):
        self.model = model
        self.params = params
        self.lr = lr
        self.hooks = list(hooks)

    def loss(self, params, batch):
        x, y = batch
        return jnp.mean((self.model.apply({"params": params}, x) - y) ** 2)

    def fit(self, xs, ys):
        def train_step(params, inputs):
            step, batch = inputs
            grads = jax.grad(self.loss)(params, batch)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            for hook in self.hooks:
                hook.on_step(step, params)
            return params, self.loss(params, batch)

        steps = jnp.arange(xs.shape[0])
        self.params, losses = jax.lax.scan(train_step, self.params, (steps, (xs, ys)))
        return losses

    def resume_from(self, checkpoint, x):
        self.params = checkpoint.latest["params"]
        return self.model.apply({"params": self.params}, x)


def main():
    xs = jax.random.normal(jax.random.key(0), (12, 4, 3))
    ys = xs.sum(-1)
    model = DemandRegressor()
    params = model.init(jax.random.key(1), xs[0])["params"]
    checkpoint = MidRunCheckpoint(every=4)
    trainer = ResumableTrainer(model, params, hooks=[checkpoint])
    trainer.fit(xs, ys)
    trainer.resume_from(checkpoint, xs[0])
    return None
