# label: ok
# flax-error: none
# class: 3 NNX recurrent policy rollout: nnx.split before lax.scan, nnx.merge in the body, updated state carried and nnx.update after
import jax
import jax.numpy as jnp
from flax import nnx


class RecurrentPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs):
        self.cell = nnx.GRUCell(obs_dim, 16, rngs=rngs)
        self.head = nnx.Linear(16, act_dim, rngs=rngs)
        self.steps = nnx.Variable(jnp.array(0))

    def __call__(self, h, obs):
        self.steps.value += 1
        h, out = self.cell(h, obs)
        return h, jnp.tanh(self.head(out))


def rollout(policy, obs0, horizon):
    graphdef, state = nnx.split(policy)

    def step(carry, _):
        state, h, obs = carry
        model = nnx.merge(graphdef, state)
        h, action = model(h, obs)
        obs = obs + 0.1 * jnp.pad(action, ((0, 0), (0, obs.shape[-1] - action.shape[-1])))
        _, state = nnx.split(model)
        return (state, h, obs), action

    h0 = jnp.zeros((obs0.shape[0], 16))
    (state, _, _), actions = jax.lax.scan(step, (state, h0, obs0), None, length=horizon)
    nnx.update(policy, state)
    return actions


def main():
    policy = RecurrentPolicy(4, 2, rngs=nnx.Rngs(0))
    actions = rollout(policy, jnp.ones((3, 4)), 10)
    print(actions.shape, policy.steps.value)
    return None
