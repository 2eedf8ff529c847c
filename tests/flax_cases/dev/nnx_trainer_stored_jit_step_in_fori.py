# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a trainer stores an @nnx.jit step in __init__ and its fit() fori_loop body calls it with the outside model and optimizer
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, rngs):
        self.net = nnx.Linear(2, 2, rngs=rngs)

    def __call__(self, s):
        return jnp.tanh(self.net(s))


class Trainer:
    def __init__(self, model, lr=0.05):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param)

        @nnx.jit
        def step(model, optimizer, s):
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(s) - 0.5) ** 2))(model)
            optimizer.update(model, grads)
            return loss

        self._step = step

    def fit(self, states):
        def body(i, total):
            return total + self._step(self.model, self.optimizer, states[i])

        return jax.lax.fori_loop(0, states.shape[0], body, 0.0)


def main():
    trainer = Trainer(Policy(nnx.Rngs(0)))
    states = jax.random.normal(jax.random.key(1), (3, 4, 2))
    float(trainer.fit(states))
    return None
