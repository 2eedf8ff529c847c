# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the while_loop body calls an adapter built by the staticmethod factory HumidityAdapter.wrap, which keeps the model's latest output on itself for the dashboard
"""Mushroom farm: drives misting until room humidity reaches the fruiting band."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class MistModel(nnx.Module):
    def __init__(self, n_rooms: int, rngs: nnx.Rngs):
        self.lin = nnx.Linear(n_rooms, n_rooms, rngs=rngs)

    def __call__(self, humidity):
        return nnx.sigmoid(self.lin(humidity))


class HumidityAdapter:
    """Scales sensor percentages for the model and remembers its last decision."""

    def __init__(self, model, scale: float):
        self.model = model
        self.scale = scale
        self.last_duty = None

    @staticmethod
    def wrap(model, scale: float = 100.0):
        return HumidityAdapter(model, scale)

    def duty_cycle(self, humidity_pct):
        duty = self.model(humidity_pct / self.scale)
        self.last_duty = duty
        return duty


class ClimateRoomService:
    def __init__(self, adapter: HumidityAdapter, band_low: float = 85.0):
        self.adapter = adapter
        self.band_low = band_low

    def mist_until_fruiting(self, humidity_pct, max_cycles: int = 30):
        def too_dry(state):
            cycle, h = state
            return (cycle < max_cycles) & (h.min() < self.band_low)

        def mist(state):
            cycle, h = state
            duty = self.adapter.duty_cycle(h)
            return cycle + 1, jnp.minimum(h + 4.0 * duty - 0.5, 100.0)

        cycles, humidity = jax.lax.while_loop(too_dry, mist, (0, humidity_pct))
        dashboard = {"cycles": cycles, "last_duty": jnp.round(self.adapter.last_duty, 2)}
        return humidity, dashboard


def main():
    adapter = HumidityAdapter.wrap(MistModel(4, nnx.Rngs(0)))
    humidity, dashboard = ClimateRoomService(adapter).mist_until_fruiting(jnp.array([70.0, 75.0, 80.0, 72.0]))
    jax.block_until_ready(dashboard)
    return None


if __name__ == "__main__":
    main()
