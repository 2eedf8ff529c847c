# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 12 (48 B)
# class: 4 trainer.train_step() runs nnx.value_and_grad on self.model and self.optimizer.update() (an nnx.Optimizer kept by the trainer) inside the fori_loop body
"""Fitting a peat-core decomposition model for a bog carbon monitoring programme.

The trainer owns the model and an nnx.Optimizer; `fit` runs a fixed number of optimisation steps
over the core samples with a fori_loop to keep dispatch overhead down.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class DecompositionNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.depth = nnx.Linear(4, 12, rngs=rngs)
        self.rate = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, core):
        return self.rate(nnx.tanh(self.depth(core)))[..., 0]


class BogTrainer:
    def __init__(self, model: DecompositionNet, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def train_step(self, cores, carbon):
        def loss_fn(model):
            return jnp.mean((model(cores) - carbon) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(self.model)
        self.optimizer.update(self.model, grads)
        return loss

    def fit(self, cores, carbon, steps: int):
        n = cores.shape[0]

        def body(i, total):
            return total + self.train_step(cores[i % n], carbon[i % n])

        return jax.lax.fori_loop(0, steps, body, jnp.zeros(()))


def main():
    cores = jax.random.normal(jax.random.key(0), (4, 16, 4))
    carbon = jnp.sin(cores.sum(-1))
    trainer = BogTrainer(DecompositionNet(nnx.Rngs(3)), learning_rate=1e-2)
    trainer.fit(cores, carbon, steps=12)
    return None
