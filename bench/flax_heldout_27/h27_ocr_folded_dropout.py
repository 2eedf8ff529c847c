# label: ok
# flax-error: none
# class: 4 the train flag goes down three levels; the reader draws one 'dropout' key before the scan and the column block folds in the column index from xs
"""CRNN-style line recogniser with a CTC head for OCR.

A small conv stack turns the text-line image into per-column features; a recurrent column
reader walks left to right and emits per-column character logits for CTC decoding.
During training, whole feature channels are dropped per column.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class OCRConfig:
    height: int = 8
    width: int = 6
    hidden: int = 8
    charset: int = 11
    channel_drop: float = 0.5


class ColumnBlock(nn.Module):
    cfg: OCRConfig

    def setup(self):
        self.cell = nn.GRUCell(self.cfg.hidden)
        self.drop = nn.Dropout(self.cfg.channel_drop)

    def __call__(self, h, column, train, key=None):
        mask = self.drop(jnp.ones((column.shape[-1],)), deterministic=not train, rng=key)
        h, out = self.cell(h, column * mask)
        return h, (out, mask)


class ColumnReader(nn.Module):
    cfg: OCRConfig

    def setup(self):
        self.block = ColumnBlock(self.cfg)
        self.classify = nn.Dense(self.cfg.charset)

    def read(self, columns, train):
        base = self.make_rng("dropout") if train else None
        key_at = (lambda i: jax.random.fold_in(base, i)) if train else (lambda i: None)
        h, (first, _) = self.block(jnp.zeros((self.cfg.hidden,)), columns[0], train, key_at(0))
        step = functools.partial(self.block, train=train)
        xs = (columns[1:], jnp.arange(1, columns.shape[0]))
        _, (outs, masks) = jax.lax.scan(lambda h, ci: step(h, ci[0], key=key_at(ci[1])), h, xs)
        outs = jnp.concatenate([first[None], outs])
        return self.classify(outs), masks


class LineRecognizer(nn.Module):
    cfg: OCRConfig

    @nn.compact
    def __call__(self, image, train=False):
        x = nn.relu(nn.Conv(4, (3, 3), padding="SAME")(image[..., None]))
        columns = x.transpose(1, 0, 2).reshape(image.shape[1], -1)
        return ColumnReader(self.cfg, name="reader").read(columns, train)


def main():
    cfg = OCRConfig()
    model = LineRecognizer(cfg)
    image = jnp.sin(jnp.arange(cfg.height * cfg.width, dtype=jnp.float32)).reshape(cfg.height, cfg.width)
    variables = model.init(jax.random.key(0), image)
    logits, masks = model.apply(variables, image, train=True, rngs={"dropout": jax.random.key(5)})
    log_probs = jax.nn.log_softmax(logits)
    print("greedy path", jnp.argmax(log_probs, -1), "kept channels", masks.sum(-1))
    return masks
