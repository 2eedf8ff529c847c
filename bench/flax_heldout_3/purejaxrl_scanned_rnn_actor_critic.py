# label: ok
# flax-error: none
# class: 5 purejaxrl ScannedRNN: nn.scan-decorated GRU __call__ with done-resets, actor-critic heads
"""Shape from purejaxrl's ScannedRNN (functools.partial(nn.scan, variable_broadcast='params',
split_rngs={'params': False}) on an @nn.compact __call__) as used by Jesperoka/robust_rl."""
import functools
import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn


class ScannedRNN(nn.Module):
    @functools.partial(nn.scan, variable_broadcast="params", in_axes=0, out_axes=0,
                       split_rngs={"params": False})
    @nn.compact
    def __call__(self, carry, x):
        ins, resets = x
        carry = jnp.where(resets[:, np.newaxis], self.initialize_carry(*ins.shape), carry)
        new_carry, y = nn.GRUCell(features=ins.shape[1])(carry, ins)
        return new_carry, y

    @staticmethod
    def initialize_carry(batch_size, hidden_size):
        return nn.GRUCell(features=hidden_size).initialize_carry(
            jax.random.PRNGKey(0), (batch_size, hidden_size))


class ActorCriticRNN(nn.Module):
    action_dim: int = 3

    @nn.compact
    def __call__(self, hidden, x):
        obs, dones = x
        emb = nn.relu(nn.Dense(8)(obs))
        hidden, emb = ScannedRNN()(hidden, (emb, dones))
        logits = nn.Dense(self.action_dim)(emb)
        value = nn.Dense(1)(emb)
        return hidden, logits, jnp.squeeze(value, -1)


def main():
    model = ActorCriticRNN()
    obs = jnp.ones((5, 4, 6))
    dones = jnp.zeros((5, 4), bool).at[2, 1].set(True)
    h0 = ScannedRNN.initialize_carry(4, 8)
    variables = model.init(jax.random.PRNGKey(0), h0, (obs, dones))
    h, logits, value = model.apply(variables, h0, (obs, dones))
    jax.block_until_ready(value)
    return None
