# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 simulate_wear() takes the model and its variables as arguments and the scan body applies them with train=True and no mutable collection
"""Tram wheel wear: the depot's maintenance planner simulates flange wear over the coming
weeks from the timetable load, and schedules re-profiling once the wear passes a limit."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class WearRateNet(nn.Module):
    @nn.compact
    def __call__(self, load, train: bool = False):
        h = nn.Dense(16)(load)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return 0.01 * nn.softplus(nn.Dense(1)(nn.swish(h)))[..., 0]  # mm per week


def simulate_wear(model, variables, weekly_loads, initial_wear):
    def week(wear, load):
        rate = model.apply(variables, load, train=True)
        wear = wear + rate
        return wear, wear

    return jax.lax.scan(week, initial_wear, weekly_loads)


def plan_reprofiling(wear_history, limit_mm=0.3):
    over = wear_history > limit_mm
    return jnp.argmax(over, axis=0)


def main():
    loads = jax.random.uniform(jax.random.key(4), (10, 6, 4))  # weeks x wheelsets x (km, curves, braking, axle load)
    model = WearRateNet()
    variables = model.init(jax.random.key(0), loads[0])
    _, history = simulate_wear(model, variables, loads, jnp.zeros(6))
    plan_reprofiling(history)
    return None
