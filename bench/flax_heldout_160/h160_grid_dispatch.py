# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "rounds_moved" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 DispatchPolicy.__call__ runs the fori_loop itself and bumps its own "telemetry" variable in the body; the balancing service applies it without making that collection mutable
"""Battery dispatch for a micro-grid: iterative balancing rounds with built-in telemetry.

The policy proposes charge/discharge setpoints for each battery, and repeats a few
balancing rounds against the residual load. It counts how many rounds actually moved a
setpoint in a "telemetry" collection that the ops dashboard scrapes.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class DispatchPolicy(nn.Module):
    batteries: int = 4
    rounds: int = 5

    @nn.compact
    def __call__(self, residual_load):
        proj = nn.Dense(self.batteries)
        moved = self.variable("telemetry", "rounds_moved", lambda: jnp.zeros((), jnp.int32))
        setpoints = jnp.tanh(proj(residual_load))

        def body(i, state):
            setpoints, load = state
            delta = 0.1 * jnp.tanh(proj(load))
            if not self.is_initializing():
                moved.value = moved.value + (jnp.abs(delta).max() > 1e-3).astype(jnp.int32)
            load = load - delta.sum() / self.batteries
            return setpoints + delta, load

        setpoints, _ = lax.fori_loop(0, self.rounds, body, (setpoints, residual_load))
        return jnp.clip(setpoints, -1.0, 1.0)


class BalancingService:
    def __init__(self, policy: DispatchPolicy, key, sample_load):
        self.policy = policy
        self.variables = policy.init(key, sample_load)

    def setpoints(self, residual_load):
        return self.policy.apply(self.variables, residual_load)


def main():
    load = jnp.array([0.8, -0.2, 0.5])
    service = BalancingService(DispatchPolicy(), jax.random.key(0), load)
    service.setpoints(load)
    return None
