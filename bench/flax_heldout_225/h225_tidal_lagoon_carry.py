# label: ok
# flax-error: none
# class: 4 the lagoon level is read through DispatchPlanner -> LagoonHandle.bound before the fori_loop, carried through it and written back after it
"""Tidal lagoon power: dispatch sluice releases over a tide cycle with a bound turbine model."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class LagoonTurbine(nn.Module):
    capacity: float = 100.0

    def setup(self):
        self.flow_head = nn.Dense(1)
        self.level = self.variable("lagoon", "level", lambda: jnp.array(60.0))

    def __call__(self, tide):
        return self.flow_at(self.level.value, tide)

    def flow_at(self, level, tide):
        return nn.softplus(self.flow_head(jnp.stack([level - tide, tide]))[0])

    def drain(self, level, flow):
        return jnp.clip(level - 0.05 * flow, 0.0, self.capacity)

    def release(self, tide):
        flow = self.flow_at(self.level.value, tide)
        self.level.value = self.drain(self.level.value, flow)
        return flow

    def set_level(self, level):
        self.level.value = level


class LagoonHandle:
    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["lagoon"])


class DispatchPlanner:
    def __init__(self, handle: LagoonHandle, tides):
        self.handle = handle
        self.tides = tides

    def dispatch(self):
        bound = self.handle.bound

        def half_hour(i, carry):
            level, energy = carry
            flow = bound.flow_at(level, self.tides[i])
            return bound.drain(level, flow), energy + flow

        level, energy = lax.fori_loop(0, self.tides.shape[0], half_hour, (bound.level.value, jnp.array(0.0)))
        bound.set_level(level)
        return energy

    def report(self):
        return {"final_level": self.handle.bound.level.value * 1.0}


def main():
    model = LagoonTurbine()
    tides = 40.0 + 30.0 * jnp.sin(jnp.linspace(0.0, 6.28, 24))
    variables = model.init(jax.random.key(0), tides[0])
    planner = DispatchPlanner(LagoonHandle(model, variables), tides)
    energy = planner.dispatch()
    report = planner.report()
    jax.block_until_ready((energy, report))
    return None
