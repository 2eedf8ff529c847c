# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the model is self.model of a plain trainer; its state enters the while_loop carry by split, but the body stores the merged model back on self.model
"""Fit-until-converged training of an NNX model with a raw lax.while_loop.

Modelled on NNX questions about keeping "the latest model": the state travels correctly through
the loop carry, but the body also assigns the merged model to self.model so the trainer can
evaluate it afterwards; that model is built from the body's traced values.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Poly(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


class Trainer:
    def __init__(self, model, lr=0.1):
        self.model, self.lr = model, lr

    def fit(self, x, y, tol=1e-3, max_steps=50):
        graphdef, state = nnx.split(self.model)

        def cond(carry):
            i, _, loss = carry
            return (i < max_steps) & (loss > tol)

        def body(carry):
            i, state, _ = carry
            model = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(model, nnx.Param), grads))
            self.model = model
            return i + 1, nnx.state(model), loss

        steps, state, loss = lax.while_loop(cond, body, (0, state, jnp.inf))
        return steps, loss

    def predict(self, x):
        return self.model(x)


def main():
    x = jnp.linspace(-1, 1, 32)[:, None]
    y = x**3 - 0.5 * x
    trainer = Trainer(Poly(nnx.Rngs(0)))
    trainer.fit(x, y)
    jax.block_until_ready(trainer.predict(x))
