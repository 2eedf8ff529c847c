# label: same-values
# flax-error: none
# class: 2 the scan body works on nnx.clone of the closed-over NoisyLinear Q-network and calls q_values, which draws from the cloned nnx.Rngs
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
    def body(obs, _):
        model = nnx.clone(qnet)
        q, eps = model.q_values(obs)
        action = jnp.argmax(q)
        obs = jnp.tanh(obs + 0.1 * action)
        return obs, (action, eps)

    _, (actions, eps) = jax.lax.scan(body, obs0, None, length=T)
    return eps


def main():
    qnet = NoisyQNet(nnx.Rngs(params=0, noise=1))
    return act_loop(qnet, jnp.ones((OBS,)))
