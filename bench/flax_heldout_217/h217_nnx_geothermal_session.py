# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 WellService.pool[well].graphdef/state are merged in the while_loop body, and the body parks the merged model on the pooled session as session.live
"""Geothermal well output: run a well forward until its cumulative delivery target is met.

The service keeps a pool of sessions, one per well, each holding the split model; the
simulation loop is a while_loop because the number of days depends on the output.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ScaleDeposit(nnx.Variable):
    """Silica scaling in the wellbore, in mm; grows with every production day."""


class WellOutput(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.net = nnx.Linear(4, 1, rngs=rngs)
        self.scale = ScaleDeposit(jnp.zeros(()))

    def __call__(self, reading):
        mw = nnx.softplus(self.net(reading))[0] * jnp.exp(-0.05 * self.scale[...])
        self.scale[...] = self.scale[...] + 0.02 * reading[1]
        return mw


class Session:
    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)
        self.live = None


class WellService:
    def __init__(self):
        self.pool = {}

    def open(self, well_id, model):
        self.pool[well_id] = Session(model)

    def run_until(self, well_id, reading, target_mwh, max_days=365):
        session = self.pool[well_id]

        def keep_going(carry):
            day, delivered, _ = carry
            return (delivered < target_mwh) & (day < max_days)

        def produce(carry):
            day, delivered, state = carry
            model = nnx.merge(session.graphdef, state)
            mw = model(reading)
            session.live = model
            return day + 1, delivered + 24.0 * mw, nnx.state(model)

        init = (jnp.zeros((), jnp.int32), jnp.zeros(()), session.state)
        return lax.while_loop(keep_going, produce, init)

    def report(self, well_id, reading):
        return self.pool[well_id].live(reading)


def main():
    reading = jnp.array([6.5, 40.0, 1.2, 0.9])  # WHP MPa, flow kg/s, enthalpy MJ/kg, temp ratio
    service = WellService()
    service.open("NZ-14", WellOutput(rngs=nnx.Rngs(0)))
    days, delivered, _ = service.run_until("NZ-14", reading, target_mwh=500.0)
    today = service.report("NZ-14", reading)
    jax.block_until_ready((days, delivered, today))
    return None
