# label: ok
# flax-error: none
# class: 2 simulate_wear() takes the model and its variables as arguments; the scan body applies them with 'batch_stats' mutable and carries the statistics, which are returned after the loop
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
    params = variables["params"]

    def week(carry, load):
        wear, stats = carry
        rate, updates = model.apply({"params": params, "batch_stats": stats}, load, train=True,
                                    mutable=["batch_stats"])
        wear = wear + rate
        return (wear, updates["batch_stats"]), wear

    (wear, stats), history = jax.lax.scan(week, (initial_wear, variables["batch_stats"]), weekly_loads)
    return wear, history, {"params": params, "batch_stats": stats}


def plan_reprofiling(wear_history, limit_mm=0.3):
    over = wear_history > limit_mm
    return jnp.argmax(over, axis=0)


def main():
    loads = jax.random.uniform(jax.random.key(4), (10, 6, 4))  # weeks x wheelsets x (km, curves, braking, axle load)
    model = WearRateNet()
    variables = model.init(jax.random.key(0), loads[0])
    _, history, variables = simulate_wear(model, variables, loads, jnp.zeros(6))
    plan_reprofiling(history)
    return None
