# label: ok
# flax-error: none
# class: 2 model switched to eval mode before the loop and passed in; BatchNorm/Dropout only read state in the raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class WorldModel(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs):
        self.enc = nnx.Linear(obs_dim + act_dim, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.dec = nnx.Linear(32, obs_dim, rngs=rngs)

    def __call__(self, obs, act):
        h = self.enc(jnp.concatenate([obs, act], -1))
        h = self.drop(nnx.relu(self.bn(h)))
        return obs + self.dec(h)


def imagine(model, obs0, actions):
    def body(obs, act):
        nxt = model(obs, act)
        return nxt, nxt

    return jax.lax.scan(body, obs0, actions)


def main():
    model = WorldModel(6, 2, nnx.Rngs(0))
    # one training-mode call so batch statistics are non-trivial
    model(jnp.ones((4, 6)), jnp.zeros((4, 2)))
    model.eval()
    actions = jax.random.normal(jax.random.key(0), (10, 4, 2))
    final, traj = imagine(model, jnp.zeros((4, 6)), actions)
    jax.block_until_ready(traj)
    return None
