# label: ok
# flax-error: none
# class: 3 an Agent sets eval mode outside, then its bound act method (BatchNorm and Dropout) is called in a raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class PolicyNet(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 4, rngs=rngs)
        self.bn = nnx.BatchNorm(4, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)

    def __call__(self, x):
        return self.drop(self.bn(self.fc(x)))


class Agent:
    def __init__(self, net):
        self.net = net
        self.net.eval()

    def act(self, obs):
        return jnp.tanh(self.net(obs[None])[0])

    def rollout(self, obs0, length):
        def body(obs, _):
            a = self.act(obs)
            return obs + 0.1 * a, a

        return jax.lax.scan(body, obs0, None, length=length)[1]


def main():
    agent = Agent(PolicyNet(nnx.Rngs(0)))
    actions = agent.rollout(jnp.ones((4,)), 5)
    actions.block_until_ready()
    return None
