# label: ok
# flax-error: none
# class: 3 the Trainer's model and optimizer are split before the fori_loop; their state enters and leaves through the carry
"""A few SGD steps on a regression MLP with an NNX optimizer (working variant).

The trainer splits (model, optimizer) into a graphdef and a state before the fori_loop, the
body merges, steps and splits again, and nnx.update writes the final state back.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jax.nn.gelu(self.l1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def fit(self, x, y, steps):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(i, carry):
            state, losses = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            optimizer.update(model, grads)
            _, state = nnx.split((model, optimizer))
            return state, losses.at[i].set(loss)

        state, losses = jax.lax.fori_loop(0, steps, body, (state, jnp.zeros(steps)))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    x = jax.random.uniform(jax.random.key(0), (32, 2))
    y = jnp.sin(3 * x[:, :1]) + x[:, 1:]
    trainer = Trainer(MLP(nnx.Rngs(0)), 1e-2)
    losses = trainer.fit(x, y, 20)
    print(losses[0], losses[-1])
    return None
