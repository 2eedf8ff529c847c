# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a local variables dict and the local model go directly into the while_loop body, which applies a model that counts its calls in a 'telemetry' collection left immutable
"""Ad-auction bid shading: bisection on the shading factor against a learned win-rate model."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class WinRateModel(nn.Module):
    """P(win | bid, context); counts its invocations for the serving dashboard."""
    hidden: int = 12

    @nn.compact
    def __call__(self, bid, context):
        calls = self.variable("telemetry", "calls", lambda: jnp.zeros((), jnp.int32))
        calls.value = calls.value + 1
        x = jnp.concatenate([bid[None], context])
        x = nn.relu(nn.Dense(self.hidden)(x))
        return nn.sigmoid(nn.Dense(1)(x))[0]


def shade_bid(model, variables, value, context, target_win=0.5, tol=1e-3, max_iter=30):
    def cond(state):
        lo, hi, it = state
        return (hi - lo > tol) & (it < max_iter)

    def body(state):
        lo, hi, it = state
        mid = 0.5 * (lo + hi)
        p = model.apply(variables, mid * value, context)
        lo = jnp.where(p < target_win, mid, lo)
        hi = jnp.where(p < target_win, hi, mid)
        return lo, hi, it + 1

    lo, hi, _ = while_loop(cond, body, (jnp.float32(0.0), jnp.float32(1.0), 0))
    return 0.5 * (lo + hi) * value


def main():
    model = WinRateModel()
    context = jax.random.normal(jax.random.key(3), (5,))
    variables = model.init(jax.random.key(0), jnp.float32(1.0), context)
    for value in (0.8, 2.5, 4.0):
        shade_bid(model, variables, jnp.float32(value), context)
    return None
