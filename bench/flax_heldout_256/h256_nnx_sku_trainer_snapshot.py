# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the trainer merges the carried state in the scan body and keeps the merged model on its snapshot attribute for the evaluator
"""SKU-level demand model training: loader, model, trainer, evaluator, main."""

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class SkuBatchLoader:
    def __init__(self, n_batches=4, batch=6, n_features=5, seed=13):
        self.shape = (n_batches, batch, n_features)
        self.seed = seed

    def batches(self):
        x = jax.random.normal(jax.random.key(self.seed), self.shape)
        y = jnp.exp(0.3 * x[..., 0] - 0.2 * x[..., 1])
        return x, y


class SkuDemandModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return jax.nn.softplus(self.out(jax.nn.gelu(self.hidden(x))))[..., 0]


def poisson_loss(model, x, y):
    rate = model(x) + 1e-4
    return jnp.mean(rate - y * jnp.log(rate))


class Trainer:
    def __init__(self, model: SkuDemandModel, learning_rate=5e-3):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)
        self.snapshot = model

    def train_epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(poisson_loss)(model, *batch)
            optimizer.update(model, grads)
            self.snapshot = model
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(step, state, (xs, ys))
        return losses


class Evaluator:
    def deviance(self, model, x, y):
        return poisson_loss(model, x, y)


def main():
    xs, ys = SkuBatchLoader().batches()
    trainer = Trainer(SkuDemandModel(5, nnx.Rngs(0)))
    losses = trainer.train_epoch(xs, ys)
    score = Evaluator().deviance(trainer.snapshot, xs[0], ys[0])
    jax.block_until_ready((losses, score))
    return None
