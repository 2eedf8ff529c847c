# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_train_step(model, optimizer) returns a step closing over the model and nnx.Optimizer; the while_loop body calls it until the loss is low enough
"""Bakery proofing: fit the dough-rise model to the morning's proofing-cabinet logs."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class ProofingModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin1 = nnx.Linear(3, 8, rngs=rngs)
        self.lin2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.lin2(nnx.silu(self.lin1(x)))[..., 0]


def make_train_step(model, optimizer):
    graphdef, _, rest = nnx.split(model, nnx.Param, ...)

    def loss_fn(params, x, y):
        m = nnx.merge(graphdef, params, rest)
        return jnp.mean((m(x) - y) ** 2)

    def step(x, y):
        params = nnx.state(model, nnx.Param)
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        optimizer.update(model, grads)
        return loss

    return step


class ProofingFitter:
    def __init__(self, model, learning_rate=5e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(learning_rate), wrt=nnx.Param)
        self.train_step = make_train_step(self.model, self.optimizer)

    def fit(self, x, y, max_steps=20, tol=1e-3):
        def cond(carry):
            i, loss = carry
            return (i < max_steps) & (loss > tol)

        def body(carry):
            i, _ = carry
            return i + 1, self.train_step(x, y)

        return lax.while_loop(cond, body, (0, jnp.float32(jnp.inf)))


def main():
    k1, k2 = jax.random.split(jax.random.key(0))
    x = jax.random.normal(k1, (32, 3))
    y = jax.random.normal(k2, (32,))
    fitter = ProofingFitter(ProofingModel(nnx.Rngs(0)))
    steps, loss = fitter.fit(x, y)
    print(int(steps), float(loss))
    return None
