# label: ok
# flax-error: none
# class: 1 the RNN module's own __call__ scans; the hidden state is the scan carry and is written to the variable after the loop
"""Stateful character RNN: the hidden state lives in a 'memory' collection so that
consecutive chunks of a long sequence continue from where the last chunk stopped
(truncated BPTT).  The cell is stepped by hand with lax.scan inside the module."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class StatefulRNN(nn.Module):
    hidden: int = 16
    vocab: int = 11

    @nn.compact
    def __call__(self, tokens):
        embed = nn.Embed(self.vocab, self.hidden)
        w_ih = nn.Dense(self.hidden, name="w_ih")
        w_hh = nn.Dense(self.hidden, use_bias=False, name="w_hh")
        head = nn.Dense(self.vocab, name="head")
        h = self.variable("memory", "h", jnp.zeros, (tokens.shape[0], self.hidden))

        xs = embed(tokens)                      # (batch, time, hidden)
        # create the parameters once, outside the loop
        w_hh(h.value)
        w_ih(xs[:, 0])
        head(h.value)

        def step(h_t, x_t):
            h_t = jnp.tanh(w_ih(x_t) + w_hh(h_t))
            return h_t, head(h_t)

        h_last, logits = lax.scan(step, h.value, jnp.swapaxes(xs, 0, 1))
        h.value = h_last
        return jnp.swapaxes(logits, 0, 1)


def main():
    model = StatefulRNN()
    tokens = jax.random.randint(jax.random.key(0), (2, 12), 0, 11)
    variables = model.init(jax.random.key(1), tokens)
    params, memory = variables["params"], variables["memory"]
    for chunk in jnp.split(tokens, 3, axis=1):
        logits, updates = model.apply(
            {"params": params, "memory": memory}, chunk, mutable=["memory"]
        )
        memory = updates["memory"]
        loss = -jnp.mean(jax.nn.log_softmax(logits)[..., 0])
    return None
