# label: ok
# flax-error: none
# class: 4 a trainer's fit() carries the split (model, optimizer) state through a raw fori_loop, merges and steps it in the body, and updates the objects after the loop
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
        self.graphdef, _ = nnx.split((self.model, self.optimizer))

    def fit(self, states):
        def body(i, carry):
            state, total = carry
            model, optimizer = nnx.merge(self.graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(states[i]) - 0.5) ** 2))(model)
            optimizer.update(model, grads)
            _, state = nnx.split((model, optimizer))
            return state, total + loss

        _, state = nnx.split((self.model, self.optimizer))
        state, total = jax.lax.fori_loop(0, states.shape[0], body, (state, 0.0))
        nnx.update((self.model, self.optimizer), state)
        return total


def main():
    trainer = Trainer(Policy(nnx.Rngs(0)))
    states = jax.random.normal(jax.random.key(1), (3, 4, 2))
    float(trainer.fit(states))
    return None
