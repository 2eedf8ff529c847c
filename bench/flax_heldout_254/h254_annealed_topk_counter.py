# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "emitted" in "/" because collection "decode_state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 AnnealedSampler.sample runs the while_loop and increments its own decode_state counter in the body
"""Bigram LM sampler whose temperature decays with the number of tokens emitted so far (top-k filtered)."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class AnnealedSampler(nn.Module):
    vocab: int = 16
    t0: float = 1.5
    decay: float = 0.9
    top_k: int = 5

    def setup(self):
        self.bigram = nn.Embed(self.vocab, self.vocab, embedding_init=nn.initializers.normal(1.0))
        self.emitted = self.variable("decode_state", "emitted", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, tokens):
        return self.bigram(tokens)

    @property
    def temperature(self):
        return jnp.maximum(self.t0 * self.decay ** self.emitted.value, 0.3)

    def filtered_logits(self, token):
        logits = self(token) / self.temperature
        kth = lax.top_k(logits, self.top_k)[0][..., -1:]
        return jnp.where(logits >= kth, logits, -jnp.inf)

    def sample(self, first_token, key, length):
        def keep_going(state):
            return state[0] < length

        def emit(state):
            i, token, key, out = state
            key, sub = jax.random.split(key)
            token = jax.random.categorical(sub, self.filtered_logits(token))
            self.emitted.value = self.emitted.value + 1
            return i + 1, token, key, out.at[:, i].set(token)

        out = jnp.zeros((first_token.shape[0], length), jnp.int32)
        _, _, _, out = lax.while_loop(keep_going, emit, (0, first_token, key, out))
        return out


def main():
    sampler = AnnealedSampler()
    start = jnp.array([0, 3, 7, 11])
    variables = sampler.init(jax.random.key(0), start)
    tokens = sampler.apply(variables, start, jax.random.key(1), 6, method=AnnealedSampler.sample)
    jax.block_until_ready(tokens)
    return None


if __name__ == "__main__":
    main()
