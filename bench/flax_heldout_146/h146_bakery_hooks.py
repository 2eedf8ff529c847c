# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body of BakeMonitor.run hands the sown 'intermediates' collection to each callback in self.callbacks, and CrustLogger keeps it for its end-of-run report
"""Industrial bakery: monitors crust temperature through the tunnel-oven zones."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class OvenNet(nn.Module):
    @nn.compact
    def __call__(self, zone_temps):
        crust = nn.Dense(8, name="crust")(zone_temps)
        self.sow("intermediates", "crust_temp", crust.mean(axis=-1))
        return nn.sigmoid(nn.Dense(1, name="doneness")(nn.relu(crust))).squeeze(-1)


class Callback:
    def on_step(self, intermediates):
        pass

    def on_end(self):
        return None


class CrustLogger(Callback):
    def __init__(self):
        self.records = []

    def on_step(self, intermediates):
        self.records.append(intermediates["crust_temp"][0])

    def on_end(self):
        history = jnp.stack(self.records)
        return {"peak_crust": history.max(), "mean_crust": history.mean()}


class BakeMonitor:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def run(self, trays):
        def body(done_sum, zone_temps):
            doneness, state = self.model.apply(self.variables, zone_temps, mutable=["intermediates"])
            for cb in self.callbacks:
                cb.on_step(state["intermediates"])
            return done_sum + doneness.mean(), doneness

        _, per_tray = scan(body, jnp.zeros(()), trays)
        reports = [cb.on_end() for cb in self.callbacks]
        return per_tray, reports


def main():
    trays = jax.random.normal(jax.random.key(0), (9, 4, 6)) * 15 + 220  # trays x loaves x zones
    model = OvenNet()
    variables = model.init(jax.random.key(1), trays[0])
    monitor = BakeMonitor(model, variables, [CrustLogger(), Callback()])
    per_tray, reports = monitor.run(trays)
    print(per_tray.shape, reports)
    return None
