# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the model is split before the loop and the scan body merges the graphdef with the state captured by closure, then runs the cell whose Dropout draws from its Rngs
"""Character-level RNN language model: teacher-forced loss over a sequence (NNX)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class CharRNNConfig:
    vocab: int = 12
    embed: int = 8
    hidden: int = 16
    dropout: float = 0.2
    seq_len: int = 7


class RNNCell(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.ih = nnx.Linear(cfg.embed, cfg.hidden, rngs=rngs)
        self.hh = nnx.Linear(cfg.hidden, cfg.hidden, use_bias=False, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)

    def __call__(self, h, x):
        return jnp.tanh(self.ih(self.drop(x)) + self.hh(h))


class CharRNN(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.cfg = cfg
        self.embed = nnx.Embed(cfg.vocab, cfg.embed, rngs=rngs)
        self.cell = RNNCell(cfg, rngs=rngs)
        self.readout = nnx.Linear(cfg.hidden, cfg.vocab, rngs=rngs)

    def step(self, h, token):
        h = self.cell(h, self.embed(token))
        return h, self.readout(h)


def sequence_loss(model, tokens):
    graphdef, state = nnx.split(model)

    def body(h, pair):
        inp, target = pair
        step_model = nnx.merge(graphdef, state)
        h, logits = step_model.step(h, inp)
        nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), target[:, None], -1).mean()
        return h, nll

    h0 = jnp.zeros((tokens.shape[0], model.cfg.hidden))
    _, nlls = jax.lax.scan(body, h0, (tokens[:, :-1].T, tokens[:, 1:].T))
    return nlls.mean()


def main():
    cfg = CharRNNConfig()
    model = CharRNN(cfg, rngs=nnx.Rngs(params=0, dropout=1))
    tokens = jax.random.randint(jax.random.key(2), (3, cfg.seq_len), 0, cfg.vocab)
    loss = sequence_loss(model, tokens)
    assert loss.shape == ()
    return None
