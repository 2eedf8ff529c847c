# label: ok
# flax-error: none
# class: 2 a local bound = model.bind(variables) in control_horizon goes into the scan body, whose observe call runs with update=False (eval)
"""Wind farm wake steering: choose yaw offsets over a control horizon with a wake model that
also tracks a running estimate of the inflow turbulence."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class WakeModel(nn.Module):
    turbines: int = 6

    @nn.compact
    def observe(self, inflow, update: bool = True):
        turb = self.variable("wake_stats", "turbulence", lambda: jnp.ones((self.turbines,)))
        if update:
            turb.value = 0.95 * turb.value + 0.05 * jnp.abs(inflow)
        deficit = nn.sigmoid(nn.Dense(self.turbines, name="deficit")(inflow * turb.value))
        return jnp.sum(inflow * (1.0 - deficit))


def control_horizon(model, variables, inflows, yaw):
    bound = model.bind(variables)

    def step(yaw, inflow):
        power, grad = jax.value_and_grad(lambda y: bound.observe(inflow + jnp.sin(y), update=False))(yaw)
        return yaw + 0.01 * grad, power

    return lax.scan(step, yaw, inflows)


def main():
    horizon, turbines = 8, 6
    inflows = 8.0 + jax.random.normal(jax.random.key(2), (horizon, turbines))
    model = WakeModel(turbines)
    variables = model.init(jax.random.key(0), inflows[0], method=WakeModel.observe)
    yaw, power = control_horizon(model, variables, inflows, jnp.zeros((turbines,)))
    print("yaw", yaw.shape, "power", power.shape)
    return None
