# label: ok
# flax-error: none
# class: 4 the while_loop body calls inverter.flow.residual(), a handle whose method applies the flow; the diagnostics collection travels in the carry and comes back from apply(mutable=)
"""Normalising flow: an invertible residual block y = x + g(x) (i-ResNet style) with Lipschitz
g. Sampling needs the inverse, computed by fixed-point iteration x <- y - g(x) in a
jax.lax.while_loop until convergence. The residual function keeps a call counter in a
"diagnostics" collection.

Twin of h114_flow_fixed_point.py: the counter collection is passed through the while_loop carry
and the handle applies the flow with mutable=["diagnostics"], returning the new collection."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

DIM = 4


class ResidualFlow(nn.Module):
    hidden: int = 32

    @nn.compact
    def residual(self, x):
        calls = self.variable("diagnostics", "n_evals", lambda: jnp.zeros((), jnp.int32))
        calls.value += 1
        h = jnp.tanh(nn.Dense(self.hidden)(x))
        return 0.5 * jnp.tanh(nn.Dense(DIM)(h))  # contractive

    def __call__(self, x):
        return x + self.residual(x)


class FlowHandle:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def residual(self, x, diagnostics):
        out, updates = self.model.apply(
            {"params": self.variables["params"], "diagnostics": diagnostics}, x,
            method=ResidualFlow.residual, mutable=["diagnostics"])
        return out, updates["diagnostics"]


class Inverter:
    def __init__(self, flow, tol=1e-5, max_iter=50):
        self.flow, self.tol, self.max_iter = flow, tol, max_iter

    def inverse(self, y):
        def cond(state):
            i, x, err, diag = state
            return (i < self.max_iter) & (err > self.tol)

        def body(state):
            i, x, _, diag = state
            g, diag = self.flow.residual(x, diag)
            x_new = y - g
            return i + 1, x_new, jnp.max(jnp.abs(x_new - x)), diag

        diag0 = self.flow.variables["diagnostics"]
        _, x, err, diag = lax.while_loop(cond, body, (0, y, jnp.inf, diag0))
        return x, diag


def main():
    model = ResidualFlow()
    x = jax.random.normal(jax.random.key(0), (DIM,))
    variables = model.init(jax.random.key(1), x)
    y = model.apply(variables, x, mutable=["diagnostics"])[0]
    inverter = Inverter(FlowHandle(model, variables))
    x_rec, diag = inverter.inverse(y)
    print("reconstruction error", float(jnp.max(jnp.abs(x_rec - x))), "evals", diag["n_evals"])
