# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the sown intermediates collection leaves the scan body through BaggageSimulator.hooks -> CongestionLogger.on_step into the logger's record list
"""Airport baggage routing: score the diverter choices for each wave of bags and let hooks
collect the per-belt congestion the router sows."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DiverterRouter(nn.Module):
    belts: int = 5

    @nn.compact
    def __call__(self, bags):
        h = nn.relu(nn.Dense(32)(bags))
        congestion = nn.sigmoid(nn.Dense(self.belts)(h)).mean(axis=0)
        self.sow("intermediates", "congestion", congestion)
        return nn.Dense(self.belts)(h) - 2.0 * congestion


class CongestionLogger:
    def __init__(self):
        self.records = []

    def on_step(self, step, intermediates):
        self.records.append(intermediates["congestion"][0])

    def report(self):
        return jnp.stack(self.records).max(axis=0)


class BaggageSimulator:
    def __init__(self, model, variables, hooks):
        self.model = model
        self.variables = variables
        self.hooks = list(hooks)

    def _route_wave(self, step, bags):
        logits, state = self.model.apply(self.variables, bags, mutable=["intermediates"])
        for hook in self.hooks:
            hook.on_step(step, state["intermediates"])
        return jnp.argmax(logits, axis=-1)

    def run_shift(self, waves):
        def body(step, bags):
            return step + 1, self._route_wave(step, bags)

        _, routes = lax.scan(body, 0, waves)
        return routes


def main():
    waves = jax.random.normal(jax.random.key(0), (10, 24, 7))  # waves x bags x tag features
    model = DiverterRouter()
    variables = {"params": model.init(jax.random.key(1), waves[0])["params"]}
    logger = CongestionLogger()
    sim = BaggageSimulator(model, variables, [logger])
    sim.run_shift(waves)
    peak = logger.report()
    jax.block_until_ready(peak)
    return None
