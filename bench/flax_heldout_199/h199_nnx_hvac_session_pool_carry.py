# label: ok
# flax-error: none
# class: 4 a ControlService takes a Session from its SessionPool; the controller state travels in the scan carry and updates session.model after the loop
"""Building HVAC control service: one stateful zone controller per session in a pool."""
import jax
import jax.numpy as jnp
from flax import nnx


class IntegralState(nnx.Variable):
    pass


class ZoneController(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.policy = nnx.Linear(4, 1, rngs=rngs)
        self.integral = IntegralState(jnp.zeros(()))

    def __call__(self, temp, setpoint, outdoor):
        err = setpoint - temp
        self.integral[...] = 0.95 * self.integral[...] + err
        obs = jnp.stack([temp, setpoint, outdoor, self.integral[...]])
        return jnp.tanh(self.policy(obs)[0] + 0.05 * self.integral[...])


class Session:
    def __init__(self, zone_id, model):
        self.zone_id = zone_id
        self.model = model
        self.graphdef, self.state = nnx.split(model)


class SessionPool:
    def __init__(self, sessions):
        self._sessions = {s.zone_id: s for s in sessions}

    def get(self, zone_id):
        return self._sessions[zone_id]


class ControlService:
    def __init__(self, pool: SessionPool, setpoint=21.0):
        self.pool = pool
        self.setpoint = setpoint

    def simulate(self, zone_id, outdoor):
        session = self.pool.get(zone_id)

        def tick(carry, out_t):
            temp, state = carry
            model = nnx.merge(session.graphdef, state)
            heat = model(temp, self.setpoint, out_t)
            temp = temp + 0.1 * (out_t - temp) + 2.0 * heat
            return (temp, nnx.state(model)), heat

        (temp, session.state), _ = jax.lax.scan(tick, (jnp.float32(17.0), session.state), outdoor)
        nnx.update(session.model, session.state)
        return temp

    def status(self, zone_id):
        session = self.pool.get(zone_id)
        return {"integral_error": session.model.integral[...] * 1.0}


def main():
    outdoor = 5.0 + 3.0 * jnp.sin(jnp.linspace(0, 3.14, 24))
    pool = SessionPool([Session(z, ZoneController(rngs=nnx.Rngs(z))) for z in range(3)])
    service = ControlService(pool)
    service.simulate(1, outdoor)
    service.status(1)
    return None
