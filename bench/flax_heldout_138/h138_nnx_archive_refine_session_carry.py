# label: ok
# flax-error: none
# class: 4 the model reached as RefinePipeline.session.model is split, its state carried through the scan, and written back with nnx.update after the loop
"""On-line refinement of a page-type classifier in an archive digitisation line.

The pipeline refines the classifier on each incoming box of folios and keeps
the freshest model on the operator session so the preview pane can show
predictions for the next folio.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class PageTypeClassifier(nnx.Module):
    def __init__(self, n_features: int, *, rngs: nnx.Rngs):
        self.head = nnx.Linear(n_features, 1, rngs=rngs)

    def __call__(self, folios):
        return self.head(folios)[..., 0]


def loss_fn(model, folios, labels):
    return jnp.mean((model(folios) - labels) ** 2)


class OperatorSession:
    def __init__(self, model: PageTypeClassifier):
        self.model = model

    def preview(self, folio):
        return self.model(folio)


class RefinePipeline:
    def __init__(self, session: OperatorSession, lr: float = 0.1):
        self.session = session
        self.lr = lr

    def refine(self, boxes, labels):
        graphdef, state = nnx.split(self.session.model)

        def step(state, batch):
            model = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, *batch)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            return nnx.state(model), loss

        state, losses = scan(step, state, (boxes, labels))
        nnx.update(self.session.model, state)  # the preview pane sees the refined model
        return losses


def main():
    session = OperatorSession(PageTypeClassifier(4, rngs=nnx.Rngs(0)))
    boxes = jnp.sin(jnp.arange(5 * 3 * 4, dtype=jnp.float32).reshape(5, 3, 4))
    labels = (boxes.sum(-1) > 0).astype(jnp.float32)
    RefinePipeline(session).refine(boxes, labels)
    session.preview(boxes[0, 0])
    return None
