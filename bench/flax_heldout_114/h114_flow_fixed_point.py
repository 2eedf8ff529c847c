# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "n_evals" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body calls inverter.flow.residual(), a handle whose method applies the flow with its stored variables; the residual counts its calls in a variable
"""Normalising flow: an invertible residual block y = x + g(x) (i-ResNet style) with Lipschitz
g. Sampling needs the inverse, computed by fixed-point iteration x <- y - g(x) in a
jax.lax.while_loop until convergence. The residual function keeps a call counter in a
"diagnostics" collection.

Modelled on reports where a counter / statistic variable works in the forward pass but the
inverse, run inside a raw lax loop through model.apply, fails with ModifyScopeVariableError."""
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

    def residual(self, x):
        return self.model.apply(self.variables, x, method=ResidualFlow.residual)


class Inverter:
    def __init__(self, flow, tol=1e-5, max_iter=50):
        self.flow, self.tol, self.max_iter = flow, tol, max_iter

    def inverse(self, y):
        def cond(state):
            i, x, err = state
            return (i < self.max_iter) & (err > self.tol)

        def body(state):
            i, x, _ = state
            x_new = y - self.flow.residual(x)
            return i + 1, x_new, jnp.max(jnp.abs(x_new - x))

        _, x, err = lax.while_loop(cond, body, (0, y, jnp.inf))
        return x


def main():
    model = ResidualFlow()
    x = jax.random.normal(jax.random.key(0), (DIM,))
    variables = model.init(jax.random.key(1), x)
    y = model.apply(variables, x, mutable=["diagnostics"])[0]
    inverter = Inverter(FlowHandle(model, variables))
    x_rec = inverter.inverse(y)
    print("reconstruction error", float(jnp.max(jnp.abs(x_rec - x))))
