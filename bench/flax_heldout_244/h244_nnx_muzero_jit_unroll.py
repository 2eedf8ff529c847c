# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the Planner's self.net attribute is passed to the nnx.jit-compiled recurrent_inference inside the scan body
"""MuZero latent planning: evaluate a candidate action sequence by unrolling the learned
dynamics from the root latent and discounting the predicted rewards and bootstrap value."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class MuZeroNet(nnx.Module):
    def __init__(self, obs_dim: int, latent: int, num_actions: int, *, rngs: nnx.Rngs):
        self.num_actions = num_actions
        self.represent = nnx.Linear(obs_dim, latent, rngs=rngs)
        self.dynamics = nnx.Linear(latent + num_actions, latent, rngs=rngs)
        self.reward = nnx.Linear(latent, 1, rngs=rngs)
        self.value = nnx.Linear(latent, 1, rngs=rngs)
        self.policy = nnx.Linear(latent, num_actions, rngs=rngs)

    def initial_inference(self, obs):
        latent = jnp.tanh(self.represent(obs))
        return latent, self.policy(latent), self.value(latent)[0]


@nnx.jit
def recurrent_inference(net: MuZeroNet, latent, action):
    x = jnp.concatenate([latent, jax.nn.one_hot(action, net.num_actions)])
    next_latent = jnp.tanh(net.dynamics(x))
    return next_latent, net.reward(next_latent)[0], net.value(next_latent)[0]


class Planner:
    def __init__(self, net: MuZeroNet, discount: float = 0.97):
        self.net = net
        self.discount = discount

    def evaluate_plan(self, obs, actions):
        root, _, _ = self.net.initial_inference(obs)

        def unroll(latent, action):
            latent, reward, value = recurrent_inference(self.net, latent, action)
            return latent, (reward, value)

        _, (rewards, values) = scan(unroll, root, actions)
        discounts = self.discount ** jnp.arange(actions.shape[0])
        return jnp.sum(discounts * rewards) + discounts[-1] * self.discount * values[-1]


def main():
    net = MuZeroNet(obs_dim=6, latent=8, num_actions=3, rngs=nnx.Rngs(0))
    planner = Planner(net)
    obs = jnp.linspace(-1.0, 1.0, 6)
    plan_value = planner.evaluate_plan(obs, jnp.array([0, 2, 1, 1]))
    jax.block_until_ready(plan_value)
    return None
