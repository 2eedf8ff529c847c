# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a Trainer builds an nnx.jit-compiled step and a fit() loop wrapper calls it, with the outer model, from the raw fori_loop body
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax


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
            def loss(m):
                return jnp.mean((m(s) - 0.5) ** 2)
            l, g = nnx.value_and_grad(loss)(model)
            optimizer.update(model, g)
            return l

        self._step = step

    def fit(self, states, n_iters):
        def body(i, total):
            return total + self._step(self.model, self.optimizer, states[i % states.shape[0]])

        return jax.lax.fori_loop(0, n_iters, body, 0.0)


def main():
    trainer = Trainer(Policy(nnx.Rngs(0)))
    states = jax.random.normal(jax.random.key(1), (3, 4, 2))
    print(trainer.fit(states, 6))
    return None
