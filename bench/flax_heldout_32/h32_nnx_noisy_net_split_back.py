# label: ok
# flax-error: none
# class: 2 the scan carries the nnx.split state of a NoisyLinear Q-network; the body merges it, calls q_values (which draws from the held nnx.Rngs) and splits the state back into the carry
import jax
import jax.numpy as jnp
from flax import nnx

OBS, N_ACT, T = 3, 4, 5


class NoisyLinear(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs, sigma0=0.5):
        self.mu = nnx.Linear(din, dout, rngs=rngs)
        self.sigma = nnx.Param(jnp.full((din, dout), sigma0 / jnp.sqrt(din)))
        self.rngs = rngs

    def __call__(self, x):
        eps = jax.random.normal(self.rngs.noise(), self.sigma.value.shape)
        return self.mu(x) + x @ (self.sigma.value * eps), eps


class NoisyQNet(nnx.Module):
    def __init__(self, rngs):
        self.torso = nnx.Linear(OBS, 16, rngs=rngs)
        self.head = NoisyLinear(16, N_ACT, rngs)

    def q_values(self, obs):
        return self.head(nnx.relu(self.torso(obs)))


def act_loop(qnet, obs0):
    graphdef, state = nnx.split(qnet)

    def body(carry, _):
        obs, state = carry
        model = nnx.merge(graphdef, state)
        q, eps = model.q_values(obs)
        action = jnp.argmax(q)
        obs = jnp.tanh(obs + 0.1 * action)
        _, state = nnx.split(model)
        return (obs, state), (action, eps)

    (_, state), (actions, eps) = jax.lax.scan(body, (obs0, state), None, length=T)
    nnx.update(qnet, state)
    return eps


def main():
    qnet = NoisyQNet(nnx.Rngs(params=0, noise=1))
    return act_loop(qnet, jnp.ones((OBS,)))
