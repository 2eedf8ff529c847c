# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 LoadForecaster.__call__ runs the autoregressive while_loop itself and writes its 'cache' variable inside the loop body; the dispatcher feeds the returned cache into the next request
"""Power-grid load forecasting for a regional dispatcher.

The forecaster rolls out the next hours autoregressively with a while_loop and remembers the
last level it produced in a cache collection, so the next request can start from it instead
of re-reading the whole history. The dispatcher keeps that cache between requests.
"""
import flax.linen as nn
import jax
import jax.numpy as jnp

lax = jax.lax


class LoadForecaster(nn.Module):
    horizon: int = 6

    @nn.compact
    def __call__(self, history):
        last = self.variable("cache", "last_level", lambda: history[..., -1])
        w = self.param("trend_w", nn.initializers.normal(0.1), (2,))
        b = self.param("trend_b", nn.initializers.zeros, ())
        level0 = last.value

        def more(state):
            return state[0] < self.horizon

        def step(state):
            t, level, out = state
            level = level + w[0] * level + w[1] * t + b
            last.value = level
            return t + 1, level, out.at[:, t].set(level)

        out = jnp.zeros(history.shape[:-1] + (self.horizon,))
        _, _, out = lax.while_loop(more, step, (0, level0, out))
        return out


class RegionalDispatcher:
    def __init__(self, model, params, cache):
        self.model, self.params, self.cache = model, params, cache

    def forecast(self, history):
        out, state = self.model.apply({"params": self.params, "cache": self.cache}, history, mutable=["cache"])
        self.cache = state["cache"]
        return out


def main():
    history = jnp.abs(jax.random.normal(jax.random.key(0), (3, 24))) + 1.0
    model = LoadForecaster()
    variables = model.init(jax.random.key(1), history)
    dispatcher = RegionalDispatcher(model, variables["params"], variables["cache"])
    for hour in range(2):
        dispatcher.forecast(history + hour).block_until_ready()
    return None
