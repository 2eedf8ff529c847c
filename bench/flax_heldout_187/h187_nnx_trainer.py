# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the fori_loop body reads self.model and self.optimizer of the Trainer and updates them in place
"""Linear-regression training with an NNX model and nnx.Optimizer, where the
epoch loop is written as lax.fori_loop inside a small Trainer class."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def fit(self, x, y, steps):
        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        def train_step(i, losses):
            loss, grads = nnx.value_and_grad(loss_fn)(self.model)
            self.optimizer.update(self.model, grads)
            return losses.at[i].set(loss)

        return jax.lax.fori_loop(0, steps, train_step, jnp.zeros(steps))


def main():
    x = jax.random.normal(jax.random.key(0), (32, 3))
    y = x @ jnp.array([[1.0], [-2.0], [0.5]])
    trainer = Trainer(MLP(nnx.Rngs(0)))
    losses = trainer.fit(x, y, steps=5)
    return None
