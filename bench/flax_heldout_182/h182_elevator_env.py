# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[11] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a DispatchRunner's injected DispatchAgent reassigns its own variables (updated batch_stats) from inside the scan body; the agent acts again after the episode
"""Elevator-bank dispatching: an agent loop over a reset/step environment."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ElevatorBank:
    """Pure-function environment; floors waiting counts and car positions."""

    def __init__(self, floors=8, cars=3):
        self.floors, self.cars = floors, cars

    def reset(self, key):
        waiting = jax.random.poisson(key, 1.5, (self.floors,)).astype(jnp.float32)
        return {"waiting": waiting, "cars": jnp.zeros((self.cars,))}

    def observe(self, state):
        return jnp.concatenate([state["waiting"], state["cars"] / self.floors])

    def step(self, state, target_floor):
        cars = state["cars"].at[0].set(target_floor.astype(jnp.float32))
        served = state["waiting"][target_floor]
        waiting = state["waiting"].at[target_floor].set(0.0) + 0.2
        return {"waiting": waiting, "cars": cars}, served


class DispatchPolicy(nn.Module):
    floors: int

    @nn.compact
    def __call__(self, obs, train: bool):
        h = nn.BatchNorm(use_running_average=not train)(obs[None])
        return nn.Dense(self.floors)(nn.relu(nn.Dense(32)(h)))[0]


class DispatchAgent:
    def __init__(self, policy, variables):
        self.policy, self.variables = policy, variables

    def act(self, obs, train=True):
        if not train:
            return jnp.argmax(self.policy.apply(self.variables, obs, train=False))
        logits, updates = self.policy.apply(self.variables, obs, train=True, mutable=["batch_stats"])
        self.variables = {**self.variables, **updates}
        return jnp.argmax(logits)


class DispatchRunner:
    def __init__(self, env: ElevatorBank, agent: DispatchAgent):
        self.env, self.agent = env, agent

    def episode(self, key, steps=20):
        def tick(state, _):
            floor = self.agent.act(self.env.observe(state))
            state, served = self.env.step(state, floor)
            return state, served

        return jax.lax.scan(tick, self.env.reset(key), None, length=steps)


def main():
    env = ElevatorBank()
    policy = DispatchPolicy(env.floors)
    state = env.reset(jax.random.key(0))
    variables = policy.init(jax.random.key(1), env.observe(state), train=False)
    runner = DispatchRunner(env, DispatchAgent(policy, variables))
    final, served = runner.episode(jax.random.key(2))
    greedy = runner.agent.act(env.observe(final), train=False)
    print("served", float(served.sum()), "next floor", int(greedy))
    return None
