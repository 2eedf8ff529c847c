# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 params held by GlazeEditor.session reach the scan body through FireCommand.execute, which pushes the old params on the editor's undo stack and stores the new ones on the session
"""Ceramic kiln glaze tuning: each firing is a command that nudges the glaze
colour model towards a measured target; commands can be undone."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class GlazeColour(nn.Module):
    @nn.compact
    def __call__(self, recipe):
        return nn.sigmoid(nn.Dense(3)(nn.gelu(nn.Dense(8)(recipe))))


class FiringSession:
    def __init__(self, model, params):
        self.model = model
        self.params = params


class UndoStack:
    def __init__(self):
        self._items = []

    def push(self, item):
        self._items.append(item)

    def pop(self):
        return self._items.pop()


class FireCommand:
    def __init__(self, recipe, target, lr=0.1):
        self.recipe, self.target, self.lr = recipe, target, lr

    def execute(self, editor):
        session = editor.session

        def loss(p):
            return ((session.model.apply({"params": p}, self.recipe) - self.target) ** 2).mean()

        value, grads = jax.value_and_grad(loss)(session.params)
        editor.undo_stack.push(session.params)
        session.params = jax.tree.map(lambda p, g: p - self.lr * g, session.params, grads)
        return value


class GlazeEditor:
    def __init__(self, session):
        self.session = session
        self.undo_stack = UndoStack()

    def fire_batch(self, recipes, targets):
        def step(total, batch):
            return total + FireCommand(*batch).execute(self), None

        total, _ = scan(step, jnp.zeros(()), (recipes, targets))
        return total

    def undo(self):
        self.session.params = self.undo_stack.pop()


def main():
    recipes = jax.random.uniform(jax.random.key(0), (4, 16, 6))
    targets = jax.random.uniform(jax.random.key(1), (4, 16, 3))
    model = GlazeColour()
    params = model.init(jax.random.key(2), recipes[0])["params"]
    editor = GlazeEditor(FiringSession(model, params))
    editor.fire_batch(recipes, targets)
    fired = model.apply({"params": editor.session.params}, recipes[0])
    editor.undo()
    restored = model.apply({"params": editor.session.params}, recipes[0])
    jnp.abs(fired - restored).max().block_until_ready()
    return None
