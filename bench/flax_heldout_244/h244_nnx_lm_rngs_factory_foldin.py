# label: ok
# flax-error: none
# class: 5 the step returned by the registered "temperature" sampler factory builds nnx.Rngs from the seed key with the loop counter folded in, inside the while_loop body
"""Sampler registry for an LSTM language model: draw several next-token candidates with
temperature for the same prompt."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

SAMPLERS = {}


def register(name):
    def wrap(factory):
        SAMPLERS[name] = factory
        return factory
    return wrap


class LSTMLM(nnx.Module):
    def __init__(self, vocab: int, hidden: int, *, rngs: nnx.Rngs):
        self.hidden = hidden
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.LSTMCell(hidden, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, vocab, rngs=rngs)

    def zero_carry(self):
        return jnp.zeros((self.hidden,)), jnp.zeros((self.hidden,))

    def __call__(self, carry, token):
        carry, y = self.cell(carry, self.embed(token))
        return carry, self.head(y)

    def prime(self, prompt):
        carry = self.zero_carry()
        for token in prompt[:-1]:
            carry, _ = self(carry, token)
        return carry


@register("temperature")
def make_temperature_step(model, carry, last_token, temperature=1.0, seed=0):
    base_key = jax.random.key(seed)

    def step(state):
        i, tokens = state
        rngs = nnx.Rngs(sample=jax.random.fold_in(base_key, i))
        _, logits = model(carry, last_token)
        token = jax.random.categorical(rngs.sample(), logits / temperature)
        return i + 1, tokens.at[i].set(token)

    return step


def draw_candidates(model, prompt, num_candidates, sampler="temperature", **kwargs):
    carry = model.prime(prompt)
    step = SAMPLERS[sampler](model, carry, prompt[-1], **kwargs)
    init = (0, jnp.zeros((num_candidates,), jnp.int32))
    _, tokens = lax.while_loop(lambda s: s[0] < num_candidates, step, init)
    return tokens


def main():
    model = LSTMLM(vocab=10, hidden=12, rngs=nnx.Rngs(0))
    prompt = jnp.array([4, 2, 9, 3])
    return draw_candidates(model, prompt, 6, temperature=1.5, seed=5)
