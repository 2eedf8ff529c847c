# label: ok
# flax-error: none
# class: 2 the scan body calls `decoder`, a local bound with model.bind(variables), with train=False so BatchNorm only reads batch_stats
"""Free-running sequence decoder (no teacher forcing at inference).

Training used teacher forcing; for inference the decoder feeds back its own
argmax token. The user binds the trained variables to get a callable module
and rolls it forward with jax.lax.scan in evaluation mode.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class StepDecoder(nn.Module):
    vocab: int = 10
    hidden: int = 16

    @nn.compact
    def __call__(self, h, token, train: bool = True):
        x = nn.Embed(self.vocab, self.hidden)(token)
        h, y = nn.GRUCell(self.hidden)(h, x)
        y = nn.BatchNorm(use_running_average=not train, momentum=0.9)(y)
        return h, nn.Dense(self.vocab)(y)


def teacher_forced_logits(model, variables, h0, targets):
    def body(h, token):
        h, logits = model.apply(variables, h, token, train=False)
        return h, logits

    return jax.lax.scan(body, h0, targets)[1]


def main():
    model = StepDecoder()
    batch = 4
    h0 = jnp.zeros((batch, 16))
    start = jnp.zeros((batch,), jnp.int32)
    variables = model.init(jax.random.key(0), h0, start)
    targets = jax.random.randint(jax.random.key(1), (6, batch), 0, 10)
    print("teacher forced", teacher_forced_logits(model, variables, h0, targets).shape)

    decoder = model.bind(variables)

    def body(carry, _):
        h, token = carry
        h, logits = decoder(h, token, train=False)
        token = jnp.argmax(logits, axis=-1)
        return (h, token), token

    _, tokens = jax.lax.scan(body, (h0, start), None, length=6)
    print("free running", tokens.T)
    return None
