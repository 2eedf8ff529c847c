# label: ok
# flax-error: none
# class: 4 the schedule rng stream lives in self.decoder.schedule.rngs; the decoder's state is split before the scan, threaded through the carry and merged back with nnx.update
"""NNX GRU seq2seq trained with scheduled sampling on a toy copy task, one optimizer step per batch."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax

VOCAB = 10
HIDDEN = 16


class TeacherForcingSchedule(nnx.Module):
    def __init__(self, teacher_p: float, *, rngs: nnx.Rngs):
        self.teacher_p = teacher_p
        self.rngs = rngs

    def choose(self, teacher_tokens, predicted_tokens):
        coin = jax.random.bernoulli(self.rngs.schedule(), self.teacher_p, teacher_tokens.shape)
        return jnp.where(coin, teacher_tokens, predicted_tokens)


class Decoder(nnx.Module):
    def __init__(self, teacher_p: float, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, HIDDEN, rngs=rngs)
        self.cell = nnx.GRUCell(HIDDEN, HIDDEN, rngs=rngs)
        self.out = nnx.Linear(HIDDEN, VOCAB, rngs=rngs)
        self.schedule = TeacherForcingSchedule(teacher_p, rngs=rngs)


class Seq2Seq(nnx.Module):
    def __init__(self, teacher_p: float, *, rngs: nnx.Rngs):
        self.src_embed = nnx.Embed(VOCAB, HIDDEN, rngs=rngs)
        self.encoder = nnx.GRUCell(HIDDEN, HIDDEN, rngs=rngs)
        self.decoder = Decoder(teacher_p, rngs=rngs)

    def encode(self, src):
        h0 = jnp.zeros((src.shape[0], HIDDEN))
        h, _ = jax.lax.scan(lambda h, x: self.encoder(h, x), h0, self.src_embed(src).swapaxes(0, 1))
        return h

    def __call__(self, src, tgt):
        h = self.encode(src)
        bos = jnp.zeros((src.shape[0],), jnp.int32)
        teacher_in = jnp.concatenate([bos[:, None], tgt[:, :-1]], axis=1).T
        graphdef, dec_state = nnx.split(self.decoder)

        def step(carry, teacher_tok):
            h, prev, dec_state = carry
            decoder = nnx.merge(graphdef, dec_state)
            tok = decoder.schedule.choose(teacher_tok, prev)
            h, y = decoder.cell(h, decoder.embed(tok))
            logits = decoder.out(y)
            return (h, logits.argmax(-1), nnx.state(decoder)), logits

        (_, _, dec_state), logits = jax.lax.scan(step, (h, bos, dec_state), teacher_in)
        nnx.update(self.decoder, dec_state)
        return logits.swapaxes(0, 1)


def loss_fn(model, src, tgt):
    return optax.softmax_cross_entropy_with_integer_labels(model(src, tgt), tgt).mean()


def main():
    model = Seq2Seq(teacher_p=0.75, rngs=nnx.Rngs(params=0, schedule=1))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    src = jax.random.randint(jax.random.key(2), (4, 5), 1, VOCAB)
    for _ in range(2):
        loss, grads = nnx.value_and_grad(loss_fn)(model, src, src)
        optimizer.update(model, grads)
    jax.block_until_ready(loss)
    return None


if __name__ == "__main__":
    main()
