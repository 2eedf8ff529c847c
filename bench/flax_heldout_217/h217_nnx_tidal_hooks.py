# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 LagoonOperator.plant.turbines (an NNX module) is called in the scan body, which passes each result to hooks from a decorator registry that store it on a Recorder
"""Tidal lagoon power: dispatch the sluice/turbine schedule over a spring-neap cycle.

Telemetry is pluggable: functions registered with @hook receive every tide's output and
write it to the plant recorder, which the SCADA exporter flushes after the run.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

HOOKS = {}


def hook(name):
    def register(fn):
        HOOKS[name] = fn
        return fn
    return register


@hook("power")
def record_power(recorder, head_m, power_mw):
    recorder.rows.setdefault("power_mw", []).append(power_mw)


@hook("head")
def record_head(recorder, head_m, power_mw):
    recorder.rows.setdefault("head_m", []).append(head_m)


class Recorder:
    def __init__(self):
        self.rows = {}

    def flush(self):
        return {name: jnp.stack(values) for name, values in self.rows.items()}


class TurbineBank(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.efficiency = nnx.Linear(2, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, head_m, flow):
        h = nnx.sigmoid(self.efficiency(jnp.stack([head_m, flow])))
        return 9.81 * 1.025 * flow * head_m * nnx.sigmoid(self.out(h))[0]


class Plant:
    def __init__(self, turbines):
        self.turbines = turbines


class LagoonOperator:
    def __init__(self, plant, recorder):
        self.plant, self.recorder = plant, recorder

    def run_cycle(self, sea_levels):
        def tide(lagoon_level, sea_level):
            head = jnp.abs(sea_level - lagoon_level)
            flow = 0.3 * head
            power = self.plant.turbines(head, flow)
            for fn in HOOKS.values():
                fn(self.recorder, head, power)
            return lagoon_level + 0.5 * (sea_level - lagoon_level), power

        _, power = jax.lax.scan(tide, jnp.zeros(()), sea_levels)
        return power.sum()


def main():
    sea_levels = 4.0 * jnp.sin(jnp.linspace(0.0, 8 * jnp.pi, 28))
    operator = LagoonOperator(Plant(TurbineBank(rngs=nnx.Rngs(0))), Recorder())
    energy = operator.run_cycle(sea_levels)
    exported = operator.recorder.flush()
    jax.block_until_ready((energy, exported))
    return None
