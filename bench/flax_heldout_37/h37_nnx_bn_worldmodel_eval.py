# label: ok
# flax-error: none
# class: 3 the bound method model.step of an NNX transition model is passed directly as the raw jax.lax.scan body, after model.eval() so BatchNorm only reads its running stats
"""Imagined rollouts of a learned NNX transition model for policy evaluation."""
import jax
import jax.numpy as jnp
from flax import nnx

S_DIM, A_DIM, HORIZON = 4, 2, 6


class Transition(nnx.Module):
    def __init__(self, hidden: int, *, rngs: nnx.Rngs):
        self.fc = nnx.Linear(S_DIM + A_DIM, hidden, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(hidden, S_DIM, rngs=rngs)
        self.reward = nnx.Linear(S_DIM, 1, rngs=rngs)

    def step(self, s, a):
        h = nnx.relu(self.bn(self.fc(jnp.concatenate([s, a], -1))))
        s = s + self.out(h)
        return s, self.reward(s)[..., 0]


def imagine(model, s0, actions, gamma=0.97):
    _, rewards = jax.lax.scan(model.step, s0, actions)
    discounts = gamma ** jnp.arange(actions.shape[0])
    return jnp.einsum("t,tb->b", discounts, rewards)


def main():
    model = Transition(32, rngs=nnx.Rngs(0))
    model.eval()
    s0 = jax.random.normal(jax.random.key(1), (8, S_DIM))
    actions = jax.random.uniform(jax.random.key(2), (HORIZON, 8, A_DIM), minval=-1, maxval=1)
    print(imagine(model, s0, actions))
