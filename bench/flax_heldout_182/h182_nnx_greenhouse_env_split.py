# label: ok
# flax-error: none
# class: 3 GreenhouseEnv.step takes a per-hour key split before the scan from the env's own nnx.Rngs "weather" stream, passed to the body as xs
"""Greenhouse climate control: a heating/venting agent driven over a reset/step environment."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class GreenhouseEnv(nnx.Module):
    def __init__(self, seed: int, setpoint: float = 22.0):
        self.rngs = nnx.Rngs(weather=seed)
        self.setpoint = setpoint

    def reset(self):
        return jnp.array([18.0, 0.6])  # inside temperature, relative humidity

    def weather_keys(self, hours):
        return jax.random.split(self.rngs.weather(), hours)

    def step(self, state, action, key):
        outside = 8.0 + 3.0 * jax.random.normal(key, ())
        heat, vent = action[0], action[1]
        temp = state[0] + 0.5 * heat - 0.3 * vent + 0.05 * (outside - state[0])
        humidity = jnp.clip(state[1] - 0.05 * vent + 0.01, 0.0, 1.0)
        reward = -jnp.abs(temp - self.setpoint)
        return jnp.stack([temp, humidity]), reward, outside


class ClimateAgent(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(2, 16, rngs=rngs)
        self.out = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, obs):
        return nnx.sigmoid(self.out(nnx.relu(self.hidden(obs))))


def run_day(env: GreenhouseEnv, agent: ClimateAgent, hours: int = 24):
    def hour(state, key):
        action = agent(state)
        state, reward, outside = env.step(state, action, key)
        return state, (reward, outside)

    _, (rewards, outside) = lax.scan(hour, env.reset(), env.weather_keys(hours))
    return rewards, outside


def main():
    env = GreenhouseEnv(seed=7)
    agent = ClimateAgent(nnx.Rngs(0))
    rewards, outside = run_day(env, agent)
    print("daily reward", float(rewards.sum()))
    return outside
