# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "state" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 decode_callsign binds the model to its variables in a local (decoder = model.bind(variables)); the while_loop body calls decoder with decode=True, which advances the "cache" collection
"""Air-traffic readback checker: greedily decodes the callsign a pilot read back from a short
acoustic embedding, one character at a time, with an autoregressive decoder and a decode cache."""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB = 28  # A-Z, space, end
END = 27


class CallsignDecoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, token, decode: bool = False):
        embed = nn.Embed(VOCAB, self.hidden)(token)
        state = self.variable("cache", "state", jnp.zeros, (self.hidden,))
        position = self.variable("cache", "position", lambda: jnp.array(0, jnp.int32))
        h = nn.tanh(nn.Dense(self.hidden)(jnp.concatenate([embed, state.value])))
        if decode:
            state.value = h
            position.value = position.value + 1
        return nn.Dense(VOCAB)(h)


def decode_callsign(model, variables, start_token, max_len=8):
    decoder = model.bind(variables)

    def not_done(loop):
        i, token, _ = loop
        return (i < max_len) & (token != END)

    def emit(loop):
        i, token, out = loop
        logits = decoder(token, decode=True)
        token = jnp.argmax(logits).astype(jnp.int32)
        return i + 1, token, out.at[i].set(token)

    out = jnp.full((max_len,), END, jnp.int32)
    _, _, out = jax.lax.while_loop(not_done, emit, (0, start_token, out))
    return out


def main():
    model = CallsignDecoder()
    start = jnp.array(3, jnp.int32)
    variables = model.init(jax.random.key(0), start)
    chars = decode_callsign(model, variables, start)
    print("decoded", chars)
    return None
